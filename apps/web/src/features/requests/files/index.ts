// A request's files (issue 35): the "Archivos" section of the request window and its picker.
export { downloadFile, FilesSection, type FilesSectionProps } from './files-section';
export { useFilePicker } from './use-file-picker';
