/**
 * Contracts of the professional's indicators tab (issue 11 §6, spec 001 §7): the file's
 * customizable indicators, its chart displays (GET, GET /patient, POST, PUT, DELETE, exclude,
 * restore) and its value table with its settings {indicators, startDate}.
 */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import {
  chartDisplayBodySchema, chartDisplayListSchema, chartDisplaySchema,
} from '../chart-displays.ts';
import { customizableIndicatorPageSchema, customizableIndicatorsQuerySchema } from '../customizable-indicators.ts';
import { valueTableQuerySchema, valueTableSchema, valueTableSettingsSchema } from '../value-tables.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const changeErrors = { ...errorResponses, 409: errorSchema } as const;

export const customizableIndicatorRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/customizable_indicators', tags: ['indicators tab'],
    summary: "The establishment's indicators with, for this file, the last value, the thresholds in force and their origin (default, file, protocol), the reference value in force and the non-compliance rules that cover each. Professionals of the file",
    params: recordParams({ id: 'patientFile' }), querystring: customizableIndicatorsQuerySchema, response: { 200: customizableIndicatorPageSchema, ...errorResponses },
  }),
} as const;

const tags = ['chart displays'] as const;

export const chartDisplayRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/chart_displays', tags,
    summary: "The file's chart displays in their order, excluded ones included and marked. Professionals of the file",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: chartDisplayListSchema, ...errorResponses },
  }),
  patient: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/chart_displays/patient', tags,
    summary: 'The chart displays the patient sees (visible to the patient, not excluded): for the patient, their caregivers and the professionals of the file',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: chartDisplayListSchema, ...errorResponses },
  }),
  create: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/chart_displays', tags,
    summary: "Adds a chart of indicators of the file's establishment (404 on indicatorIds.N otherwise) to an open file",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: chartDisplayBodySchema, response: { 201: chartDisplaySchema, ...changeErrors },
  }),
  update: defineRoute({
    method: 'PUT', url: '/api/chart_displays/:chartDisplayId', tags,
    summary: 'Changes a chart display (title, indicators, type, period, visible to the patient, position)',
    params: recordParams({ chartDisplayId: 'chartDisplay' }), querystring: localeOnlyQuerySchema, body: chartDisplayBodySchema, response: { 200: chartDisplaySchema, ...changeErrors },
  }),
  remove: defineRoute({
    method: 'DELETE', url: '/api/chart_displays/:chartDisplayId', tags,
    summary: 'Deletes a chart display',
    params: recordParams({ chartDisplayId: 'chartDisplay' }), querystring: localeOnlyQuerySchema, response: { 204: { type: 'null' }, ...changeErrors },
  }),
  exclude: defineRoute({
    method: 'POST', url: '/api/chart_displays/:chartDisplayId/exclude', tags,
    summary: 'Excludes a chart display: kept and listed to professionals, no longer shown to the patient (409 if already excluded)',
    params: recordParams({ chartDisplayId: 'chartDisplay' }), querystring: localeOnlyQuerySchema, response: { 200: chartDisplaySchema, ...changeErrors },
  }),
  restore: defineRoute({
    method: 'POST', url: '/api/chart_displays/:chartDisplayId/restore', tags,
    summary: 'Restores an excluded chart display (409 if it is not excluded)',
    params: recordParams({ chartDisplayId: 'chartDisplay' }), querystring: localeOnlyQuerySchema, response: { 200: chartDisplaySchema, ...changeErrors },
  }),
} as const;

export const valueTableRoutes = {
  settings: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/indicator_values_table_settings', tags: ['value tables'],
    summary: "The file's value-table settings: its indicators (empty: all) and first day (null: the last 14 days). Professionals of the file",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: valueTableSettingsSchema, ...errorResponses },
  }),
  saveSettings: defineRoute({
    method: 'PUT', url: '/api/patient_files/:id/indicator_values_table_settings', tags: ['value tables'],
    summary: "Saves the file's value-table settings (indicators of the file's establishment: 404 on indicators.N otherwise)",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: valueTableSettingsSchema, response: { 200: valueTableSettingsSchema, ...changeErrors },
  }),
  table: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/indicator_values_table', tags: ['value tables'],
    summary: "The value table: a row per day in the caller's time zone (newest first), a column per indicator, every value of the day as stored, those that raised an alert marked. Indicators and startDate from the query, else from the file's settings",
    params: recordParams({ id: 'patientFile' }), querystring: valueTableQuerySchema, response: { 200: valueTableSchema, ...errorResponses },
  }),
} as const;
