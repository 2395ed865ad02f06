/**
 * Table types as the app sees them (camelCase; the database uses snake_case via
 * CamelCasePlugin). Instants are epoch milliseconds in BIGINT columns, the same type
 * on SQLite and PostgreSQL (ADR 003).
 */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: number;
}

export interface Database {
  contactMessages: ContactMessagesTable;
}
