package io.fastpath.codegen;

/** An error reply ({@code -ERR ...}) as a value, so errors nested in arrays stay visible to the caller. */
record RespError(String message) {}
