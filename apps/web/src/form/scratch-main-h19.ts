import * as shared from '../../../../packages/shared/dist/index.js';
import { z } from 'zod';
z.config({ jitless: true });
console.log(shared, z.toJSONSchema(shared.publicLeadBodySchema), z.discriminatedUnion, z.coerce.number());
