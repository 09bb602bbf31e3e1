import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailTemplateSchema,
  emailsApi,
  queryKeyOf,
  type EmailTemplate,
  type EmailTemplateBody,
} from '@crm/shared';
import { callEndpoint, conflictCurrent } from '../../lib/api-client';

/** GET /api/email-templates: "Plantillas de correo", by name. */
export function getEmailTemplates(signal?: AbortSignal) {
  return callEndpoint(emailsApi.templates, {}, { signal });
}

export const emailTemplatesQueryKey = () => queryKeyOf(emailsApi.templates);

export function useEmailTemplates() {
  return useQuery({
    queryKey: emailTemplatesQueryKey(),
    queryFn: ({ signal }) => getEmailTemplates(signal),
  });
}

/** The template as it is now, from a 409's `current.template` (someone changed it meanwhile). */
export function currentTemplateOf(error: unknown): EmailTemplate | undefined {
  const parsed = emailTemplateSchema.safeParse(conflictCurrent(error, 'template'));
  return parsed.success ? parsed.data : undefined;
}

type TemplateChange =
  | { kind: 'create'; body: EmailTemplateBody }
  | { kind: 'update'; templateId: string; body: EmailTemplateBody & { version: number } }
  | { kind: 'remove'; templateId: string };

function changeTemplate(change: TemplateChange) {
  switch (change.kind) {
    case 'create':
      return callEndpoint(emailsApi.createTemplate, { body: change.body });
    case 'update':
      return callEndpoint(emailsApi.updateTemplate, {
        params: { templateId: change.templateId },
        body: change.body,
      });
    default:
      return callEndpoint(emailsApi.removeTemplate, {
        params: { templateId: change.templateId },
      });
  }
}

/** POST, PUT or DELETE of a template (system admin); the list is read again after each. */
export function useChangeTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey() }),
  });
}
