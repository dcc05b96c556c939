import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it, parsed by mailparser. */
export type ReceivedMail = { envelopeTo: string[]; parsed: ParsedMail };

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> (no TLS, no auth). */
  url: string;
  received: ReceivedMail[];
  /** Stops accepting connections (the mail server is down) until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for the mail tests: it accepts
 * every message and keeps it parsed. stop() and start() take it down and bring it back on the
 * same port, as a mail provider's outage would.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  let server = make();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop,
    async start() {
      if (running) return;
      server = make();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      running = true;
    },
    close: stop,
  };
}
