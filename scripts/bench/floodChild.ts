// Child process of the login flood: the attacker, in its own process as it would be on its own
// machine, so handling its replies does not slow the measuring process. Fires FLOOD_COUNT wrong
// sign-ins at once from FLOOD_ADDRESS, prints {"sent":true} once all are on their way, then
// {"statuses":{...}} when all have answered.
import { HttpClient } from './httpClient.ts';
import { runChild } from './childProcess.ts';

async function main(): Promise<void> {
  const url = process.env.FLOOD_URL!;
  const path = process.env.FLOOD_PATH!;
  const count = Number(process.env.FLOOD_COUNT);
  const address = process.env.FLOOD_ADDRESS!;
  const target = process.env.FLOOD_EMAIL!;
  const client = new HttpClient(url, count + 8, 60_000);
  const replies = Array.from({ length: count }, (_, i) =>
    client.send('POST', path, { json: { email: i % 2 ? target : `victim${i}@bench.local`, password: `wrong-guess-${address}-${i}` }, localAddress: address }),
  );
  process.stdout.write(`${JSON.stringify({ sent: true })}\n`);
  const statuses: Record<string, number> = {};
  for (const reply of await Promise.all(replies)) statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
  process.stdout.write(`${JSON.stringify({ statuses })}\n`);
  client.close();
}

runChild(main);
