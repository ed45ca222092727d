export { openTelemetry } from './openTelemetry';
export type { OpenTelemetryOptions, PagewiseTelemetry } from './openTelemetry';
