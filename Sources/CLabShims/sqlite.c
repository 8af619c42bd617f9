// See LabSQLite.h. Each function forwards to the symbol of the same name in the loaded
// library; lab_sqlite_load must have returned 0 first (the Swift layer makes sure).
#include "LabSQLite.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>

static void *library;
static const char *loadedFrom;
static const char *loadProblem;

#define SQLITE_FUNCTIONS(X) \
    X(const char *, sqlite3_libversion, (void)) \
    X(int, sqlite3_open_v2, (const char *, void **, int, const char *)) \
    X(int, sqlite3_close_v2, (void *)) \
    X(const char *, sqlite3_errmsg, (void *)) \
    X(const char *, sqlite3_errstr, (int)) \
    X(int, sqlite3_extended_errcode, (void *)) \
    X(int, sqlite3_busy_timeout, (void *, int)) \
    X(int, sqlite3_exec, (void *, const char *, void *, void *, char **)) \
    X(int, sqlite3_prepare_v2, (void *, const char *, int, void **, const char **)) \
    X(int, sqlite3_step, (void *)) \
    X(int, sqlite3_reset, (void *)) \
    X(int, sqlite3_finalize, (void *)) \
    X(int, sqlite3_bind_int64, (void *, int, long long)) \
    X(int, sqlite3_bind_text, (void *, int, const char *, int, void (*)(void *))) \
    X(int, sqlite3_bind_null, (void *, int)) \
    X(int, sqlite3_column_count, (void *)) \
    X(int, sqlite3_column_type, (void *, int)) \
    X(long long, sqlite3_column_int64, (void *, int)) \
    X(const unsigned char *, sqlite3_column_text, (void *, int)) \
    X(int, sqlite3_column_bytes, (void *, int)) \
    X(int, sqlite3_changes, (void *)) \
    X(int, sqlite3_trace_v2, (void *, unsigned, int (*)(unsigned, void *, void *, void *), void *)) \
    X(int, sqlite3_get_autocommit, (void *)) \
    X(int, sqlite3_stmt_readonly, (void *)) \
    X(const char *, sqlite3_db_filename, (void *, const char *))

#define DECLARE(ret, name, args) static ret (*p_##name) args;
SQLITE_FUNCTIONS(DECLARE)

static void loadOnce(void) {
    // Linux: the runtime library the toolchain's package manager links; macOS: the system's.
    static const char *candidates[] = {
#if defined(__APPLE__)
        "/usr/lib/libsqlite3.dylib", "libsqlite3.dylib",
#else
        "libsqlite3.so.0", "libsqlite3.so",
#endif
        NULL
    };
    for (int i = 0; candidates[i] && !library; i++) {
        library = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
        if (library) loadedFrom = candidates[i];
    }
    if (!library) {
        loadProblem = dlerror();
        if (!loadProblem) loadProblem = "no SQLite library found";
        return;
    }
#define RESOLVE(ret, name, args) \
    p_##name = (ret (*) args)dlsym(library, #name); \
    if (!p_##name) { loadProblem = "the SQLite library lacks " #name; library = NULL; return; }
    SQLITE_FUNCTIONS(RESOLVE)
}

int lab_sqlite_load(const char **where, const char **problem) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, loadOnce);
    if (where) *where = loadedFrom;
    if (problem) *problem = loadProblem;
    return library ? 0 : 1;
}

const char *lab_sqlite_libversion(void) { return p_sqlite3_libversion(); }
// Every statement that begins while its connection is outside a transaction begins one of its
// own (BEGIN and SAVEPOINT begin one too); what a trigger runs begins none. Counted for each
// connection and for the whole process, from SQLite's statement trace (SQLITE_TRACE_STMT = 1,
// whose last argument is the statement's text, a comment for a trigger's); and, apart, those
// whose statement only reads (a SELECT; a deferred BEGIN and a SAVEPOINT count as reading too).
static atomic_llong transactionsBegunInProcess;
static atomic_llong readingTransactionsBegunInProcess;

typedef struct {
    void *db;
    atomic_llong transactionsBegun;
    atomic_llong readingTransactionsBegun;
} Counted;

static int countTransactionBegun(unsigned type, void *context, void *statement, void *text) {
    Counted *counted = context;
    const char *sql = text;
    if (type == 1 && p_sqlite3_get_autocommit(counted->db) && !(sql && sql[0] == '-' && sql[1] == '-')) {
        atomic_fetch_add(&counted->transactionsBegun, 1);
        atomic_fetch_add(&transactionsBegunInProcess, 1);
        if (p_sqlite3_stmt_readonly(statement)) {
            atomic_fetch_add(&counted->readingTransactionsBegun, 1);
            atomic_fetch_add(&readingTransactionsBegunInProcess, 1);
        }
    }
    return 0;
}

long long lab_sqlite_transactions_begun(void *counter) {
    return counter ? atomic_load(&((Counted *)counter)->transactionsBegun) : atomic_load(&transactionsBegunInProcess);
}

long long lab_sqlite_reading_transactions_begun(void *counter) {
    return counter ? atomic_load(&((Counted *)counter)->readingTransactionsBegun)
                   : atomic_load(&readingTransactionsBegunInProcess);
}

int lab_sqlite_open(const char *path, int flags, void **db, void **counter) {
    Counted *counted = calloc(1, sizeof(Counted));
    *counter = counted;
    int status = p_sqlite3_open_v2(path, db, flags, NULL);
    if (status == 0 && *db && counted) {
        counted->db = *db;
        p_sqlite3_trace_v2(*db, 1, countTransactionBegun, counted);
    }
    return status;
}

int lab_sqlite_close(void *db, void *counter) {
    int status = p_sqlite3_close_v2(db);
    free(counter);
    return status;
}
const char *lab_sqlite_errmsg(void *db) { return p_sqlite3_errmsg(db); }
const char *lab_sqlite_errstr(int code) { return p_sqlite3_errstr(code); }
int lab_sqlite_extended_errcode(void *db) { return p_sqlite3_extended_errcode(db); }
int lab_sqlite_busy_timeout(void *db, int milliseconds) { return p_sqlite3_busy_timeout(db, milliseconds); }
int lab_sqlite_exec(void *db, const char *sql) { return p_sqlite3_exec(db, sql, NULL, NULL, NULL); }
int lab_sqlite_prepare(void *db, const char *sql, void **statement) { return p_sqlite3_prepare_v2(db, sql, -1, statement, NULL); }
int lab_sqlite_step(void *statement) { return p_sqlite3_step(statement); }
int lab_sqlite_reset(void *statement) { return p_sqlite3_reset(statement); }
int lab_sqlite_finalize(void *statement) { return p_sqlite3_finalize(statement); }
int lab_sqlite_bind_int64(void *statement, int index, long long value) { return p_sqlite3_bind_int64(statement, index, value); }
int lab_sqlite_bind_text(void *statement, int index, const char *text, int bytes) {
    return p_sqlite3_bind_text(statement, index, text, bytes, (void (*)(void *))-1);  // SQLITE_TRANSIENT: SQLite copies
}
int lab_sqlite_bind_null(void *statement, int index) { return p_sqlite3_bind_null(statement, index); }
int lab_sqlite_column_count(void *statement) { return p_sqlite3_column_count(statement); }
int lab_sqlite_column_type(void *statement, int column) { return p_sqlite3_column_type(statement, column); }
long long lab_sqlite_column_int64(void *statement, int column) { return p_sqlite3_column_int64(statement, column); }
const unsigned char *lab_sqlite_column_text(void *statement, int column) { return p_sqlite3_column_text(statement, column); }
int lab_sqlite_column_bytes(void *statement, int column) { return p_sqlite3_column_bytes(statement, column); }
int lab_sqlite_changes(void *db) { return p_sqlite3_changes(db); }
int lab_sqlite_get_autocommit(void *db) { return p_sqlite3_get_autocommit(db); }
const char *lab_sqlite_db_filename(void *db) { return p_sqlite3_db_filename(db, "main"); }
