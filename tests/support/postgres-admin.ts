/** One statement on the server's admin connection: create or drop a test database (which cannot run inside a transaction). */
export async function adminQuery(url: string, statement: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
