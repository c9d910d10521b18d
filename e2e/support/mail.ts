import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Where the e2e server (scripts/e2e-server.mjs) writes its e-mails: no SMTP_URL, so DATA_DIR/mail/*.eml. */
const mailDir = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? '4173'}`, 'mail');

/**
 * Each message parsed once per test worker: a message is never changed once written (the server
 * writes it under a temporary name, then renames it), and the folder holds a few hundred by the end
 * of a run, which each poll parsed again: up to a second of a worker's processor each time (decision 082).
 */
const parsedMessages = new Map<string, Promise<ParsedMail>>();

async function messagesTo(address: string, subject: string): Promise<ParsedMail[]> {
  if (!fs.existsSync(mailDir)) return [];
  const found: ParsedMail[] = [];
  for (const name of fs.readdirSync(mailDir).filter((n) => n.endsWith('.eml')).sort()) {
    let parsing = parsedMessages.get(name);
    if (!parsing) parsedMessages.set(name, (parsing = simpleParser(fs.readFileSync(path.join(mailDir, name)))));
    const parsed = await parsing;
    const to = Array.isArray(parsed.to) ? parsed.to.map((t) => t.text).join(',') : (parsed.to?.text ?? '');
    if (to.includes(address) && parsed.subject === subject) found.push(parsed);
  }
  return found;
}

/** Waits for the server's mail worker to write the message (the e2e server polls its outbox every 250 ms) and returns the latest. */
export async function waitForMail(address: string, subject: string): Promise<ParsedMail> {
  let latest: ParsedMail | undefined;
  await expect
    .poll(async () => {
      latest = (await messagesTo(address, subject)).at(-1);
      return Boolean(latest);
    }, { timeout: 15_000, message: `e-mail « ${subject} » pour ${address}` })
    .toBe(true);
  return latest!;
}

/** The link of a message's text that leads to `pathname`. */
export function linkTo(mail: ParsedMail, pathname: string): URL {
  const match = new RegExp(`https?://\\S+${pathname}\\S*`).exec(mail.text ?? '');
  if (!match) throw new Error(`aucun lien vers ${pathname}`);
  return new URL(match[0]);
}
