/**
 * Contracts of medical protocols (issue 11 §8, spec 001 §7): the establishment's protocols
 * (privilege set `protocols`: super admin, prescriber, manager; others 404), and a patient file's
 * protocols (professionals of the file holding `protocols` or a patient-data privilege there).
 */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import {
  applyResultSchema, fileProtocolSchema, fileProtocolsSchema, protocolBodySchema, protocolListQuerySchema, protocolPageSchema, protocolSchema,
} from '../protocols.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['protocols'] as const;
const changeErrors = { ...errorResponses, 409: errorSchema } as const;

export const protocolRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/establishments/:id/protocols', tags,
    summary: "An establishment's protocols, paged, sorted by French name or creation; filtered by service and archived state",
    params: recordParams({ id: 'establishment' }), querystring: protocolListQuerySchema, response: { 200: protocolPageSchema, ...errorResponses },
  }),
  create: defineRoute({
    method: 'POST', url: '/api/establishments/:id/protocols', tags,
    summary: 'Creates a protocol: name (unique), services, questionnaires with planning, thresholds, non-compliance rules',
    params: recordParams({ id: 'establishment' }), querystring: localeOnlyQuerySchema, body: protocolBodySchema, response: { 201: protocolSchema, ...changeErrors },
  }),
  get: defineRoute({
    method: 'GET', url: '/api/protocols/:protocolId', tags, summary: 'A protocol with its services, questionnaires, thresholds and rules',
    params: recordParams({ protocolId: 'protocol' }), querystring: localeOnlyQuerySchema, response: { 200: protocolSchema, ...errorResponses },
  }),
  update: defineRoute({
    method: 'PUT', url: '/api/protocols/:protocolId', tags,
    summary: 'Replaces a protocol (files it was applied to keep the copy they were given)',
    params: recordParams({ protocolId: 'protocol' }), querystring: localeOnlyQuerySchema, body: protocolBodySchema, response: { 200: protocolSchema, ...changeErrors },
  }),
  archive: defineRoute({
    method: 'POST', url: '/api/protocols/:protocolId/archive', tags, summary: 'Archives a protocol: no longer applicable; files keep it',
    params: recordParams({ protocolId: 'protocol' }), querystring: localeOnlyQuerySchema, response: { 200: protocolSchema, ...changeErrors },
  }),
  restore: defineRoute({
    method: 'POST', url: '/api/protocols/:protocolId/restore', tags, summary: 'Brings an archived protocol back',
    params: recordParams({ protocolId: 'protocol' }), querystring: localeOnlyQuerySchema, response: { 200: protocolSchema, ...changeErrors },
  }),
} as const;

export const fileProtocolRoutes = {
  ofFile: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/protocols', tags,
    summary: "A patient file's protocols with their state, and the protocols of its service that could be applied",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: fileProtocolsSchema, ...errorResponses },
  }),
  apply: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/protocols/:protocolId/apply', tags,
    summary: "Applies a protocol of the file's service: questionnaires assigned with its planning, thresholds and rules copied (history PROTOCOL_ASSIGNED)",
    params: recordParams({ id: 'patientFile', protocolId: 'protocol' }), querystring: localeOnlyQuerySchema, response: { 201: applyResultSchema, ...changeErrors },
  }),
  activate: defineRoute({
    method: 'POST', url: '/api/patient_file_protocols/:id/activate', tags, summary: "Activates a file's protocol (history PROTOCOL_ACTIVATED)",
    params: recordParams({ id: 'fileProtocol' }), querystring: localeOnlyQuerySchema, response: { 200: fileProtocolSchema, ...changeErrors },
  }),
  deactivate: defineRoute({
    method: 'POST', url: '/api/patient_file_protocols/:id/deactivate', tags,
    summary: "Deactivates a file's protocol: its thresholds and rules stop applying (history PROTOCOL_DEACTIVATED)",
    params: recordParams({ id: 'fileProtocol' }), querystring: localeOnlyQuerySchema, response: { 200: fileProtocolSchema, ...changeErrors },
  }),
  exclude: defineRoute({
    method: 'POST', url: '/api/patient_file_protocols/:id/exclude', tags,
    summary: "Excludes a file's protocol (spec 001 §4): kept, out of force until restored (history PROTOCOL_DEACTIVATED with excluded: true)",
    params: recordParams({ id: 'fileProtocol' }), querystring: localeOnlyQuerySchema, response: { 200: fileProtocolSchema, ...changeErrors },
  }),
  restore: defineRoute({
    method: 'POST', url: '/api/patient_file_protocols/:id/restore', tags, summary: "Restores an excluded protocol of the file (history PROTOCOL_RESTORED)",
    params: recordParams({ id: 'fileProtocol' }), querystring: localeOnlyQuerySchema, response: { 200: fileProtocolSchema, ...changeErrors },
  }),
} as const;
