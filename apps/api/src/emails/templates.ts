import {
  byTemplateName,
  EMAIL_TEMPLATE_MESSAGES,
  MAX_EMAIL_TEMPLATES,
  type EmailTemplate,
  type EmailTemplateBody,
  type EmailTemplateList,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { AppError, conflict, notFound } from '../http/app-error.js';
import type { EmailTemplateDoc } from './template.model.js';

/*
 * "Plantillas de correo" (issue 35): a short list an admin keeps (at most MAX_EMAIL_TEMPLATES,
 * read whole, by name). The composer fills a template in for its request (mergeTemplate, in
 * @crm/shared), so what is sent is what the person saw and could change.
 */

const toJson = (doc: EmailTemplateDoc): EmailTemplate => ({
  _id: doc._id.toHexString(),
  name: doc.name,
  subject: doc.subject,
  text: doc.text,
  version: doc.version,
  updatedAt: doc.updatedAt.toISOString(),
});

export async function listTemplates(ctx: AppContext): Promise<EmailTemplateList> {
  const docs = await ctx.models.EmailTemplate.find({})
    .limit(MAX_EMAIL_TEMPLATES)
    .lean<EmailTemplateDoc[]>();
  return { items: docs.map(toJson).sort(byTemplateName) };
}

export async function createTemplate(
  ctx: AppContext,
  body: EmailTemplateBody,
): Promise<EmailTemplate> {
  if ((await ctx.models.EmailTemplate.countDocuments()) >= MAX_EMAIL_TEMPLATES) {
    throw new AppError(400, EMAIL_TEMPLATE_MESSAGES.tooMany);
  }
  const created = await ctx.models.EmailTemplate.create({
    ...body,
    version: 0,
    updatedAt: ctx.clock.now(),
  });
  return toJson(created.toObject());
}

export async function updateTemplate(
  ctx: AppContext,
  id: string,
  body: EmailTemplateBody & { version: number },
): Promise<EmailTemplate> {
  const { version, ...fields } = body;
  const updated = await ctx.models.EmailTemplate.findOneAndUpdate(
    { _id: id, version },
    { $set: { ...fields, updatedAt: ctx.clock.now() }, $inc: { version: 1 } },
    { new: true },
  ).lean<EmailTemplateDoc>();
  if (updated) return toJson(updated);
  const current = await ctx.models.EmailTemplate.findById(id).lean<EmailTemplateDoc>();
  if (!current) throw notFound(EMAIL_TEMPLATE_MESSAGES.notFound);
  throw conflict(EMAIL_TEMPLATE_MESSAGES.conflict, { template: toJson(current) });
}

export async function removeTemplate(ctx: AppContext, id: string): Promise<EmailTemplate> {
  const removed = await ctx.models.EmailTemplate.findOneAndDelete({
    _id: id,
  }).lean<EmailTemplateDoc>();
  if (!removed) throw notFound(EMAIL_TEMPLATE_MESSAGES.notFound);
  return toJson(removed);
}
