export function openApiDocument(): Record<string, unknown> { return {}; }
