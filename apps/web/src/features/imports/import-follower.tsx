import { useImportFollower } from '../../api/imports/use-import-follower';

/**
 * The board's follower of the import the dialog started or found (issue 24): rendered by the
 * toolbar's "Importar" once the dialog hands it an import, so it comes in this lazy chunk with
 * the dialog (issue 34: out of the board's first visit). It stays mounted after the dialog
 * closes; see useImportFollower.
 */
export function ImportFollower({ id }: { id: string }) {
  useImportFollower(id);
  return null;
}
