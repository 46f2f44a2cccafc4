/**
 * Issue 19: a hot query built once and, on PostgreSQL, sent as a named prepared statement, so
 * neither drizzle (building the SQL text) nor the database (parsing and planning it) repeats
 * the work per request (docs/decisions/028). One per database handle, kept as long as the
 * handle lives. `name` must be unique per statement text: PostgreSQL keeps the statement per
 * connection under that name.
 *
 * Only handles marked by allowNamedStatements (the PostgreSQL pool) name their statements.
 * PGlite is one session shared by every connection to its socket (a reconnect, another
 * process): a name prepared by one would be "already exists" for the next. There, and inside
 * a transaction, the statement is unnamed — still built once, parsed by the database each time.
 */
const namedStatementHandles = new WeakSet<object>();

export function allowNamedStatements(db: object): void {
  namedStatementHandles.add(db);
}

export function preparedPerHandle<D extends object, P>(name: string, build: (db: D, name: string) => P): (db: D) => P {
  const statements = new WeakMap<D, P>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db, namedStatementHandles.has(db) ? name : '');
      statements.set(db, statement);
    }
    return statement;
  };
}
