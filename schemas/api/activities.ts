/** Contract of /api/establishments/{id}/activities (issue 11 §7: patients' last connections and answers). */
import { errorResponses } from '../common.ts';
import { activityListQuerySchema, activityPageSchema } from '../activities.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

export const activityRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/establishments/:id/activities', tags: ['dashboard'],
    summary: "Open patient files the caller follows as a professional in the establishment, with the patient's last connection, last questionnaire answer and last measure; sorted and paged",
    params: recordParams({ id: 'establishment' }), querystring: activityListQuerySchema, response: { 200: activityPageSchema, ...errorResponses },
  }),
} as const;
