/**
 * Contracts of an establishment's telemonitoring catalogue (issue 11 §1, spec 001 §3, §7, §8).
 * Reads: anyone holding a privilege in the establishment (professionals pick from these lists) and
 * back-office administrators; writes: back-office administrators and the establishment's admins.
 * Anything else, and any id of another establishment, is 404. A name, a unit symbol or an
 * indicator reference already used answers 409 NOT_UNIQUE_ERROR with its `field`.
 */
import { localeOnlyQuerySchema } from '../common.ts';
import {
  alertStatusBodySchema, alertStatusSchema, callableProfessionalSchema, indicatorBodySchema, indicatorListQuerySchema, indicatorPageSchema, indicatorSchema,
  indicatorsVisibilityBodySchema, indicatorTypeBodySchema, indicatorTypeSchema, indicatorVisibilitySchema, interventionLevelBodySchema,
  interventionLevelSchema, levelAssignmentBodySchema, levelAssignmentSchema, unitBodySchema, unitSchema,
} from '../catalogue.ts';
import { defineRoute } from './contract.ts';
import { catalogueErrors, catalogueNoContent, recordRoutes } from './catalogue-records.ts';
import { recordParams } from './record-id.ts';

const tags = ['telemonitoring catalogue'] as const;
const errors = catalogueErrors;
const noContent = catalogueNoContent;
const q = localeOnlyQuerySchema;

export const indicatorRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/establishments/:id/indicators', tags, summary: "The establishment's indicators, a page at a time, with their default thresholds",
    params: recordParams({ id: 'establishment' }), querystring: indicatorListQuerySchema, response: { 200: indicatorPageSchema, ...errors },
  }),
  create: defineRoute({
    method: 'POST', url: '/api/establishments/:id/indicators', tags,
    summary: 'Adds an indicator with its default alert thresholds (reference and name unique; the reference value an integer)',
    params: recordParams({ id: 'establishment' }), querystring: q, body: indicatorBodySchema, response: { 201: indicatorSchema, ...errors },
  }),
  get: defineRoute({
    method: 'GET', url: '/api/indicators/:indicatorId', tags, summary: 'One indicator with its default thresholds',
    params: recordParams({ indicatorId: 'indicator' }), querystring: q, response: { 200: indicatorSchema, ...errors },
  }),
  update: defineRoute({
    method: 'PUT', url: '/api/indicators/:indicatorId', tags,
    summary: 'Changes an indicator and replaces its default thresholds; its unit is fixed once it has measures (409 indicator_has_measures)',
    params: recordParams({ indicatorId: 'indicator' }), querystring: q, body: indicatorBodySchema, response: { 200: indicatorSchema, ...errors },
  }),
  delete: defineRoute({
    method: 'DELETE', url: '/api/indicators/:indicatorId', tags, summary: 'Deletes an indicator without measures (409 indicator_has_measures otherwise)',
    params: recordParams({ indicatorId: 'indicator' }), querystring: q, response: noContent,
  }),
} as const;

export const indicatorTypeRoutes = recordRoutes({
  tags, collection: 'indicator_types', param: 'typeId', record: 'indicatorType', item: indicatorTypeSchema, body: indicatorTypeBodySchema, summaries: {
    list: "The establishment's indicator types, by French name",
    create: 'Adds an indicator type (name unique in the establishment)',
    update: 'Renames an indicator type',
    delete: 'Deletes an indicator type no indicator has (409 indicator_type_in_use otherwise)',
  },
});

export const unitRoutes = recordRoutes({
  tags, collection: 'units', param: 'unitId', record: 'unit', item: unitSchema, body: unitBodySchema, summaries: {
    list: "The establishment's units, by French name",
    create: 'Adds a unit: a case-exact UCUM code (400 invalid_ucum_code on ucumCode), a name and a symbol, each unique in the establishment',
    update: 'Changes a unit (its UCUM code only while no indicator uses it)',
    delete: 'Deletes a unit no indicator uses (409 unit_in_use otherwise)',
  },
});

export const alertStatusRoutes = recordRoutes({
  tags, collection: 'alert_statuses', param: 'statusId', record: 'alertStatus', item: alertStatusSchema, body: alertStatusBodySchema, summaries: {
    list: "The establishment's alert statuses, by French name",
    create: 'Adds an alert status (name unique; closesAlert: setting it closes the alert)',
    update: 'Changes an alert status',
    delete: 'Deletes an alert status (alerts that had it keep their history, without the status)',
  },
});

export const interventionLevelRoutes = {
  ...recordRoutes({
    tags, collection: 'intervention_levels', param: 'levelId', record: 'interventionLevel', item: interventionLevelSchema, body: interventionLevelBodySchema, summaries: {
      list: "The establishment's intervention levels, by rank (1 the most urgent)",
      create: 'Adds an intervention level (name unique, rank ≥ 1, an alert colour)',
      update: 'Changes an intervention level',
      delete: 'Deletes an intervention level no threshold uses (409 intervention_level_in_use otherwise)',
    },
  }),
  assignments: defineRoute({
    method: 'GET', url: '/api/establishments/:id/intervention_levels/assignments', tags, summary: 'Who is called at which level in which service of the establishment',
    params: recordParams({ id: 'establishment' }), querystring: q, response: { 200: { type: 'array', items: levelAssignmentSchema }, ...errors },
  }),
  professionals: defineRoute({
    method: 'GET', url: '/api/establishments/:id/intervention_levels/professionals', tags,
    summary: "The establishment's professionals who may be called, with their services (for whoever manages the catalogue), by name",
    params: recordParams({ id: 'establishment' }), querystring: q, response: { 200: { type: 'array', items: callableProfessionalSchema }, ...errors },
  }),
  assign: defineRoute({
    method: 'POST', url: '/api/persons/:id/intervention_levels/:levelId', tags,
    summary: "Calls the person at this level in a service of the level's establishment where they are a professional (404 on establishmentService otherwise); again is a no-op",
    params: recordParams({ id: 'person', levelId: 'interventionLevel' }), querystring: q, body: levelAssignmentBodySchema, response: { 200: levelAssignmentSchema, ...errors },
  }),
  unassign: defineRoute({
    method: 'DELETE', url: '/api/persons/:id/intervention_levels/:levelId', tags, summary: 'No longer calls the person at this level in that service',
    params: recordParams({ id: 'person', levelId: 'interventionLevel' }), querystring: q, body: levelAssignmentBodySchema, response: noContent,
  }),
} as const;

export const indicatorVisibilityRoutes = {
  get: defineRoute({
    method: 'GET', url: '/api/establishments/:id/indicators_visibility', tags, summary: 'Every indicator of the establishment and whether patients see it, by French name',
    params: recordParams({ id: 'establishment' }), querystring: q, response: { 200: { type: 'array', items: indicatorVisibilitySchema }, ...errors },
  }),
  set: defineRoute({
    method: 'PUT', url: '/api/establishments/:id/indicators_visibility', tags, summary: 'The indicators patients see: exactly those listed (each of the establishment, 404 on the field otherwise)',
    params: recordParams({ id: 'establishment' }), querystring: q, body: indicatorsVisibilityBodySchema, response: { 200: { type: 'array', items: indicatorVisibilitySchema }, ...errors },
  }),
} as const;
