/** Scopes a mock client is granted when its `scope` is not set. */
export const MOCK_DEFAULT_SCOPE = 'pagewise.read pagewise.write';
