// npm run db:migrate: brings the configured database's schema up to date.
import { openConfiguredDatabase } from "./open.ts";

const database = await openConfiguredDatabase();
console.log(`${database.location} is up to date`);
await database.close();
