// SQLite through the library every Swift toolchain already needs at run time (SwiftPM
// links it), loaded with dlopen: building the lab needs no sqlite3.h, so no
// libsqlite3-dev on Linux. Only the calls the lab's typed layer uses are here; the
// pointers are SQLite's own `sqlite3 *` and `sqlite3_stmt *`, kept opaque.
#ifndef LAB_SQLITE_H
#define LAB_SQLITE_H

/// Loads the library once. 0 when it is usable; otherwise 1 and `*problem` says why
/// (the names tried and dlerror's words). `*where` names the file that was loaded.
int lab_sqlite_load(const char **where, const char **problem);

const char *lab_sqlite_libversion(void);
/// Opens a connection, and `*counter`, what counts the transactions it begins (freed by close).
int lab_sqlite_open(const char *path, int flags, void **db, void **counter);
int lab_sqlite_close(void *db, void *counter);
const char *lab_sqlite_errmsg(void *db);
const char *lab_sqlite_errstr(int code);
int lab_sqlite_extended_errcode(void *db);
int lab_sqlite_busy_timeout(void *db, int milliseconds);
int lab_sqlite_exec(void *db, const char *sql);
int lab_sqlite_prepare(void *db, const char *sql, void **statement);
int lab_sqlite_step(void *statement);
int lab_sqlite_reset(void *statement);
int lab_sqlite_finalize(void *statement);
int lab_sqlite_bind_int64(void *statement, int index, long long value);
/// Binds a copy of `bytes` bytes of UTF-8 (SQLite's SQLITE_TRANSIENT).
int lab_sqlite_bind_text(void *statement, int index, const char *text, int bytes);
int lab_sqlite_bind_null(void *statement, int index);
int lab_sqlite_column_count(void *statement);
int lab_sqlite_column_type(void *statement, int column);
long long lab_sqlite_column_int64(void *statement, int column);
const unsigned char *lab_sqlite_column_text(void *statement, int column);
int lab_sqlite_column_bytes(void *statement, int column);
int lab_sqlite_changes(void *db);
/// Nonzero when the connection holds no transaction (SQLite's autocommit mode).
int lab_sqlite_get_autocommit(void *db);
/// The file the connection's main database is, as SQLite opened it (absolute; a URI's path);
/// "" or NULL for an in-memory or temporary database.
const char *lab_sqlite_db_filename(void *db);
/// How many transactions the connection of `counter` has begun, each statement run outside one
/// counting as one of its own (see sqlite.c); with NULL, every connection of this process.
long long lab_sqlite_transactions_begun(void *counter);
/// Of those, the ones whose first statement only reads (a SELECT, a deferred BEGIN, a SAVEPOINT).
long long lab_sqlite_reading_transactions_begun(void *counter);
#endif
