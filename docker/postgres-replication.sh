#!/bin/sh
# Lets the replica of docker/compose.cluster.yaml stream from this primary (local use only: trust, as compose.yaml).
echo 'host replication all all trust' >> "$PGDATA/pg_hba.conf"
