// First: the shared schemas are built as their modules load, and must be built without eval.
import '../lib/zod-config';
import './form.css';
import { LEAD_FORM_LABELS } from '@crm/shared/leads-text';
import { mountLeadForm } from './lead-form';

// /form (issue 13): a page of its own, without React; embed.js frames it into other sites.
// VITE_API_URL is the staff app's API base too (config/env.ts, which this page doesn't import:
// it would bring the staff app's settings and their schema along).
const apiBase = ((import.meta.env.VITE_API_URL as string | undefined) ?? '').replace(/\/+$/, '');

document.title = LEAD_FORM_LABELS.title;
const root = document.getElementById('lead-form');
if (root) {
  mountLeadForm(root, {
    apiBase,
    loadCaptcha: () => import('../lib/altcha-widget'),
  });
}
