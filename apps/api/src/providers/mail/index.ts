/** The mail port: SMTP (SMTP_URL set) or the local outbox folder (DATA_DIR/outbox). */
export * from './transport.js';
