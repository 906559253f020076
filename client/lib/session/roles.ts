/** Role checks (spec 000 §6): one rule for the client and the server, in schemas/privileges.ts. */
export { hasRole } from '../../../schemas/privileges.ts';
