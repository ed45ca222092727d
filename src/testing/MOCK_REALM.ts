/** The `realm` of every challenge the mock sends, so clients can tell its 401s apart. */
export const MOCK_REALM = 'realm="pagewise"';
