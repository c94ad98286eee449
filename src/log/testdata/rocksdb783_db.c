/* Writes the DB whose 000004.log and MANIFEST-000005 are the log fixtures (RocksDB 7.8.3):
   gcc rocksdb783_db.c -lrocksdb -o db && ./db small 300 */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char** argv) {
  char* err = NULL;
  size_t big = (size_t)atoi(argv[2]);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, argv[1], &err);
  if (err) { fprintf(stderr, "%s\n", err); return 1; }
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "a", 1, "1", 1, &err);
  char* v = malloc(big);
  for (size_t i = 0; i < big; i++) v[i] = (char)('a' + i % 26);
  rocksdb_put(db, wo, "big", 3, v, big, &err);
  rocksdb_put(db, wo, "", 0, "empty", 5, &err);
  rocksdb_delete(db, wo, "a", 1, &err);
  if (err) { fprintf(stderr, "%s\n", err); return 1; }
  rocksdb_close(db);
  return 0;
}
