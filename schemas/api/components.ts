/**
 * Schemas published by name in /openapi.json (components.schemas) and referred to by `$ref` from
 * every answer that holds them. A new entity of the API gets its line here.
 */
import { errorSchema } from '../common.ts';
import { establishmentSchema } from '../establishments.ts';
import {
  assignmentSchema, fileSchema, formResponseSchema, formSummarySchema, formVersionEntrySchema, formVersionListSchema,
  formVersionSchema, taskSchema,
} from '../form-api.ts';
import { layoutSavedSchema, layoutStatusSchema, layoutVersionListSchema } from '../layout-api.ts';
import { layoutBaseSchema } from '../layout.ts';
import { conversationSchema, messageSchema } from '../messages.ts';
import { meSchema, patientFileSummarySchema, privilegeEntrySchema } from '../me.ts';
import { patientFileRowSchema } from '../patient-file-search.ts';
import { patientProfileSchema } from '../patient-profile.ts';
import { runtimeConfigSchema } from '../runtime-config.ts';
import { themeSchema } from '../theme.ts';

export const COMPONENTS: Record<string, object> = {
  ApiError: errorSchema,
  Me: meSchema,
  PrivilegeEntry: privilegeEntrySchema,
  PatientFileSummary: patientFileSummarySchema,
  PatientFileRow: patientFileRowSchema,
  Establishment: establishmentSchema,
  Theme: themeSchema,
  FormSummary: formSummarySchema,
  FormVersion: formVersionSchema,
  FormVersionEntry: formVersionEntrySchema,
  FormVersionList: formVersionListSchema,
  Assignment: assignmentSchema,
  Task: taskSchema,
  FormResponse: formResponseSchema,
  File: fileSchema,
  Layout: layoutBaseSchema,
  LayoutSaved: layoutSavedSchema,
  LayoutVersionList: layoutVersionListSchema,
  LayoutStatus: layoutStatusSchema,
  RuntimeConfig: runtimeConfigSchema,
  PatientProfile: patientProfileSchema,
  Message: messageSchema,
  Conversation: conversationSchema,
};
