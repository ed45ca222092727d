/** `url` without any `user:password@` part, so it can go into a message. */
export function stripUserinfo(url: string): string {
  return url.replace(/\/\/[^/?#]*@/, '//');
}
