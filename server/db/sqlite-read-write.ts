import {
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';

/**
 * SQLite with a second connection for reads. Kysely's SQLite dialect runs everything on one
 * connection, one query or transaction at a time, so a long transaction (a catalogue import's
 * write) kept every shopper's page waiting until it committed. In WAL mode a reader connection
 * reads the last committed state while the writer's transaction is open, as a PostgreSQL pool
 * does: here every SELECT outside a transaction runs on the reader; every write, and everything
 * inside a transaction, on the writer, one at a time as before. A transaction still sees only
 * its own connection, so every read-then-write in one stays serial, exactly as before.
 *
 * better-sqlite3 runs each statement synchronously, so a reader's query runs whenever the event
 * loop gets a turn: a transaction lets it turn between its statements every TRANSACTION_SLICE_MS
 * (a long one, such as a catalogue import's write, would otherwise hold the process until it
 * commits), never in the middle of one.
 */
export class SqliteReadWriteDialect extends SqliteDialect {
  readonly #writer: SqliteDatabase;
  readonly #reader: SqliteDatabase;

  constructor(config: { writer: SqliteDatabase; reader: SqliteDatabase }) {
    super({ database: config.writer });
    this.#writer = config.writer;
    this.#reader = config.reader;
  }

  override createDriver(): Driver {
    return new ReadWriteDriver(new SqliteDriver({ database: this.#writer }), this.#reader);
  }
}

/**
 * A transaction that has run this long since it last let the event loop turn lets it turn before
 * its next statement, so the shoppers' reads waiting meanwhile are answered (a turn costs a few
 * microseconds; a page's read takes about a millisecond).
 */
export const TRANSACTION_SLICE_MS = 10;

/** A connection as Kysely holds it: reads go to the reader, unless a transaction holds the writer. */
class RoutedConnection implements DatabaseConnection {
  /** The writer's connection, held from BEGIN to COMMIT or ROLLBACK. */
  writer: DatabaseConnection | null = null;
  /** When the open transaction last let the event loop turn. */
  turnedAt = 0;

  constructor(private readonly driver: ReadWriteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.writer) {
      if (performance.now() - this.turnedAt > TRANSACTION_SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        this.turnedAt = performance.now();
      }
      return this.writer.executeQuery<R>(query);
    }
    if (SelectQueryNode.is(query.query)) return readQuery<R>(this.driver.reader, query);
    // A write outside a transaction: on the writer, in turn with the transactions.
    const writer = await this.driver.writer.acquireConnection();
    try {
      return await writer.executeQuery<R>(query);
    } finally {
      await this.driver.writer.releaseConnection();
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.writer) {
      yield* this.writer.streamQuery<R>(query, chunkSize);
      return;
    }
    if (!SelectQueryNode.is(query.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const statement = this.driver.reader.prepare(query.sql);
    for (const row of statement.iterate(query.parameters)) yield { rows: [row as R] };
  }
}

function readQuery<R>(reader: SqliteDatabase, query: CompiledQuery): Promise<QueryResult<R>> {
  const statement = reader.prepare(query.sql);
  return Promise.resolve({ rows: statement.all(query.parameters as unknown[]) as R[] });
}

class ReadWriteDriver implements Driver {
  constructor(
    readonly writer: SqliteDriver,
    readonly reader: SqliteDatabase,
  ) {}

  async init(): Promise<void> {
    await this.writer.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new RoutedConnection(this));
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const routed = connection as RoutedConnection;
    const writer = await this.writer.acquireConnection();
    try {
      await this.writer.beginTransaction(writer);
    } catch (error) {
      await this.writer.releaseConnection();
      throw error;
    }
    routed.writer = writer;
    routed.turnedAt = performance.now();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    // A failed COMMIT keeps the writer: Kysely rolls back next, which lets it go.
    await this.writer.commitTransaction(this.held(routed));
    await this.letGo(routed);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    try {
      await this.writer.rollbackTransaction(this.held(routed));
    } finally {
      await this.letGo(routed);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.writer.savepoint(this.held(connection as RoutedConnection), name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.writer.rollbackToSavepoint(this.held(connection as RoutedConnection), name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.writer.releaseSavepoint(this.held(connection as RoutedConnection), name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction that never reached COMMIT or ROLLBACK (its BEGIN failed after the lock).
    await this.letGo(connection as RoutedConnection);
  }

  async destroy(): Promise<void> {
    await this.writer.destroy();
    this.reader.close();
  }

  private held(connection: RoutedConnection): DatabaseConnection {
    if (!connection.writer) throw new Error('no transaction is open on this connection');
    return connection.writer;
  }

  private async letGo(connection: RoutedConnection): Promise<void> {
    if (!connection.writer) return;
    connection.writer = null;
    await this.writer.releaseConnection();
  }
}
