import { packagePath } from '../package-root.js';

export const OPENAPI_JSON = packagePath('openapi', 'openapi.json');
export const OPENAPI_YAML = packagePath('openapi', 'openapi.yaml');
export const ADMIN_JSON = packagePath('openapi', 'admin.json');
export const ADMIN_YAML = packagePath('openapi', 'admin.yaml');
export const FIELDS_PAGE = packagePath('docs', 'fields.md');
export const RULES_PAGE = packagePath('docs', 'rules.md');
