/**
 * The gateway's request and response shapes and its operations, generated from its OpenAPI document
 * (`api.gen.ts`, written by scripts/gen-api-types.mjs before every `npm run typecheck` and `npm test`; not
 * committed). Name a wire shape through `ApiSchema<'UserBody'>` rather than writing it again, and call the
 * gateway through `api` (lib/api-client.ts), whose paths, bodies and answers come from these types: a route
 * or field the gateway renames or drops then fails tsc wherever it is used, mocks included.
 */
import type { components, paths } from '@/types/api.gen';

/** One schema of the gateway's document, by its name under `components.schemas`. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The HTTP methods the gateway's document uses, as openapi-typescript spells them. */
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Every path of the document that answers `Method`. */
export type ApiPath<Method extends ApiMethod> = {
  [Path in keyof paths]-?: paths[Path][Method] extends undefined ? never : Path;
}[keyof paths];

/**
 * A documented path with each `{name}` segment filled in: `/api/friends/{userId}` → `/api/friends/${string}`.
 * A path without parameters is itself, so `api.get('/api/auth/user')` still infers its operation; a call to a
 * path with parameters names the operation (`api.get<'/api/friends/{userId}/compatibility'>(url)`).
 */
export type FilledPath<Path extends string> = Path extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${FilledPath<Tail>}`
  : Path;

/**
 * A URL of one of those paths, with or without a query string (`/api/fortune/daily?timezoneOffset=-540`).
 * The operation is inferred from a path without parameters; the filled forms take no part in inference
 * (`NoInfer`), so a URL with a filled `{name}` segment compiles only once the call names its operation.
 */
export type ApiUrl<Path extends string> =
  | Path
  | `${Path}?${string}`
  | NoInfer<FilledPath<Path>>
  | NoInfer<`${FilledPath<Path>}?${string}`>;

type Operation<Method extends ApiMethod, Path extends ApiPath<Method>> = NonNullable<paths[Path][Method]>;

type JsonOf<Content> = Content extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** The JSON body of the operation's success answer (200 or 201). */
export type ApiAnswer<Method extends ApiMethod, Path extends ApiPath<Method>> =
  Operation<Method, Path> extends { responses: infer Responses }
    ? Responses extends { 200: infer Ok }
      ? JsonOf<Ok>
      : Responses extends { 201: infer Created }
        ? JsonOf<Created>
        : undefined
    : never;

/** The JSON request body of the operation; `undefined` when it takes none. */
export type ApiBody<Method extends ApiMethod, Path extends ApiPath<Method>> =
  Operation<Method, Path> extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : undefined;
