/**
 * Time budgets of SQL intelligence (issue 19 point 1). Texts up to SMALL_INPUT characters are read on
 * the event loop (a worker round trip costs more than reading them); bigger ones go to a worker thread,
 * and an answer not ready within its budget — counted from the request, queueing included — is given
 * up: the worker is stopped and the client gets what there is (no tips, no markers) or a "too large"
 * message. The keystroke answers share a budget below the 100 ms p99; formatting is a command
 * the user waits for, so its budget is seconds, on a pool of its own so it never delays a keystroke;
 * big request bodies are read on a third pool, whose tasks are never stopped mid-way by another's.
 */
export const SMALL_INPUT = {
  tip: 1_024,
  hover: 1_024,
  parse: 1_024,
  // sql-formatter takes seconds on a thousand nested parentheses: never on the event loop.
  format: 0,
  body: 0,
} as const;

export const BUDGET_MS = {
  tip: 60,
  hover: 60,
  parse: 60,
  format: 3_000,
  /** Reading a big request body (json-body.ts; 16 MiB at most): a safety net, as its time counts against the route's budget too. */
  body: 2_000,
} as const;
export type BudgetName = keyof typeof BUDGET_MS;

/**
 * A keystroke task still running when its budget ends is answered at once ("too large") but not
 * stopped until this much later: stopping a thread means starting a new one (loading the worker
 * costs more CPU than most tasks), and a task that began in time usually ends soon after. A task that
 * only leaves the queue after its budget does no work at all (the worker checks its deadline).
 */
export const HARD_CAP_MS = 1_500;

/** Tasks waiting for a worker beyond this are answered "too large" at once. */
export const MAX_QUEUE = 32;

/**
 * Catalogs are copied into a worker with each task, so only small ones go (a copy of 30,000 tables would
 * block the event loop longer than the parse it saves); on a bigger schema a big text is checked
 * for syntax only, as it is while a catalog loads.
 */
export const MAX_WORKER_CATALOG_COLUMNS = 5_000;

/**
 * Request bodies of these routes, in bytes. The JSON of a body is read on the event loop, so it is
 * kept to what the inputs can need: the parser reads scripts under LIMITS.maxParseLength (50,000
 * characters, 6 bytes each at worst as JSON escapes); tips and hover take 2,000,000 characters each
 * side of the cursor (3 bytes a character outside ASCII); formatting past a few hundred thousand
 * characters cannot finish within its budget.
 */
export const BODY_LIMIT = {
  parse: 1024 * 1024,
  tip: 16 * 1024 * 1024,
  hover: 16 * 1024 * 1024,
  format: 8 * 1024 * 1024,
} as const;

/** Request bodies over this many bytes are parsed in a worker thread (json-body.ts). */
export const BIG_BODY = 256 * 1024;
