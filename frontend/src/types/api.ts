/**
 * The gateway's request and response shapes, generated from its OpenAPI document (`api.gen.ts`, written by
 * scripts/gen-api-types.mjs before every `npm run typecheck`; not committed). Name a wire shape through
 * `ApiSchema<'UserBody'>` rather than writing it again: a field the gateway renames or drops then fails tsc
 * wherever it is used, mocks included.
 */
import type { components } from '@/types/api.gen';

/** One schema of the gateway's document, by its name under `components.schemas`. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];
