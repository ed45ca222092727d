/** The token of an `Authorization: Bearer <token>` value, as the strategies write it. */
export const stripBearer = (authorization: string): string => authorization.slice(7);
