import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

/** "Plantillas de correo" (issue 35): kept by system admins, chosen in "Enviar correo". */
const emailTemplateSchema = new Schema(
  {
    name: { type: String, required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    /** Compare-and-set: a change names the version it was read at (409 otherwise). */
    version: { type: Number, default: 0 },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export type EmailTemplateDoc = InferSchemaType<typeof emailTemplateSchema> & {
  _id: Types.ObjectId;
};

export const emailTemplateModel = (connection: Connection) =>
  connection.model('EmailTemplate', emailTemplateSchema, 'email_templates');

declare module '../context.js' {
  interface Models {
    EmailTemplate: ReturnType<typeof emailTemplateModel>;
  }
}
