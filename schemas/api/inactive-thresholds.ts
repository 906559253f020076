/** Contract of /api/establishments/{id}/inactive-thresholds (issue 18: open files whose thresholds raise nothing). */
import { errorResponses } from '../common.ts';
import { inactiveThresholdsPageSchema, inactiveThresholdsQuerySchema } from '../inactive-thresholds.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

export const inactiveThresholdRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/establishments/:id/inactive-thresholds', tags: ['dashboard'],
    summary: 'Open patient files the caller follows as a professional in the establishment whose thresholds in force are inactive (relative, no reference value), with those indicators; newest file first, paged',
    params: recordParams({ id: 'establishment' }), querystring: inactiveThresholdsQuerySchema, response: { 200: inactiveThresholdsPageSchema, ...errorResponses },
  }),
} as const;
