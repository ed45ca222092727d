/** Path of a redis-server binary, or undefined when none is installed. */
export function findRedisServer(): string | undefined;
/** One line telling how to install redis-server. */
export const missingRedisMessage: string;
