import { fileURLToPath } from 'node:url';

// openapi/ sits at the package root, two levels above this module in src/ and in dist/ alike.
export const OPENAPI_JSON = fileURLToPath(new URL('../../openapi/openapi.json', import.meta.url));
export const OPENAPI_YAML = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));
export const ADMIN_JSON = fileURLToPath(new URL('../../openapi/admin.json', import.meta.url));
export const ADMIN_YAML = fileURLToPath(new URL('../../openapi/admin.yaml', import.meta.url));
