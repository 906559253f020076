/**
 * Which of a validator's errors to show. @cfworker/json-schema reports every level (a property
 * whose sub-schema failed, the `$ref` that led there, the `oneOf` that matched nothing…) and
 * the errors of every `oneOf`/`anyOf` branch. A branch whose `const` or `enum` does not match
 * is one the patient did not choose (the `never` branch when they answered `current`): its
 * errors would name the wrong fields. The server reports the same way (server/care/forms/answers.ts).
 */
import type { OutputUnit } from '@cfworker/json-schema';

/** Keywords that only say that something below them failed. */
const CONTAINERS = new Set([
  '$ref', '$recursiveRef', 'properties', 'patternProperties', 'additionalItems', 'items', 'allOf', 'if',
  'dependentSchemas', 'contains', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames',
]);

const branchOf = (location: string) => /^(.*\/(?:oneOf|anyOf)\/\d+)\//.exec(location)?.[1];

export function relevantErrors(units: readonly OutputUnit[]): OutputUnit[] {
  const notChosen = new Set(units.filter((u) => u.keyword === 'const' || u.keyword === 'enum').map((u) => branchOf(u.keywordLocation)).filter((b): b is string => b !== undefined));
  const chosen = units.filter((u) => ![...notChosen].some((branch) => u.keywordLocation.startsWith(`${branch}/`)));
  return chosen.filter((u) => {
    if (CONTAINERS.has(u.keyword)) return false;
    // `dependencies` with a schema: its own errors follow; with a list of names: a missing one.
    if (u.keyword === 'dependencies' || u.keyword === 'dependentRequired') return /does not have "/.test(u.error);
    if (u.keyword === 'oneOf' || u.keyword === 'anyOf' || u.keyword === 'not') {
      // Said only when nothing more precise is said below it.
      return !chosen.some((o) => o !== u && o.keywordLocation.startsWith(`${u.keywordLocation}/`) && !CONTAINERS.has(o.keyword));
    }
    return true;
  });
}
