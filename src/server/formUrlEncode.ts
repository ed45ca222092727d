/** `value` as `application/x-www-form-urlencoded` encodes it (RFC 6749 2.3.1 asks this of the Basic pair's parts). */
export const formUrlEncode = (value: string): string => new URLSearchParams([['', value]]).toString().slice(1);
