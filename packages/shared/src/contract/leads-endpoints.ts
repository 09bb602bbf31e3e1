import { API_TOKEN_MESSAGES } from '../api-tokens.js';
import {
  apiLeadBodySchema,
  LEAD_MESSAGES,
  publicLeadBodySchema,
  publicLeadResponseSchema,
  recentLeadsQuerySchema,
  recentLeadsSchema,
} from '../leads.js';
import { defineEndpoint } from './define.js';

/*
 * Website leads (issue 13): the public form's intake and the board's poll for new leads; issue
 * 36: the same intake for another site or tool, with an API token instead of the captcha.
 *
 * The `leads` endpoints (issue 34): one export per endpoint, named as in `api.leads`. The web app
 * names them through the namespace `leadsApi` (`leadsApi.<name>`), so a page carries only those it
 * calls; endpoints.ts lists them in the API's route order.
 */
export const submit = defineEndpoint({
  id: 'leads.submit',
  method: 'post',
  path: '/api/form-contact/create',
  tag: 'requests',
  access: 'public',
  body: publicLeadBodySchema,
  status: 201,
  response: publicLeadResponseSchema,
  errors: {
    400: `Invalid input (§5 messages), or a missing, invalid or reused captcha ("${LEAD_MESSAGES.captchaRequired}")`,
    429: `${LEAD_MESSAGES.tooManyFromAddress} / ${LEAD_MESSAGES.tooManyOverall}`,
  },
});

export const recent = defineEndpoint({
  id: 'leads.recent',
  method: 'get',
  path: '/api/form-contact/website/recent',
  tag: 'requests',
  access: 'signed-in',
  query: recentLeadsQuerySchema,
  status: 200,
  response: recentLeadsSchema,
  errors: { 400: 'A bad cursor or an unknown parameter' },
});

export const create = defineEndpoint({
  id: 'leads.create',
  method: 'post',
  path: '/api/leads',
  tag: 'requests',
  access: 'signed-in',
  leadsScope: true,
  body: apiLeadBodySchema,
  status: 201,
  response: publicLeadResponseSchema,
  errors: {
    400: 'Invalid input (§5 messages), or an unknown field',
    403: API_TOKEN_MESSAGES.readOnly,
    429: `${API_TOKEN_MESSAGES.tooManyLeads} / ${API_TOKEN_MESSAGES.rateLimited}`,
  },
});
