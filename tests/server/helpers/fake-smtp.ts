/** A minimal SMTP server for tests: accepts every mail and keeps its raw DATA. No TLS, no auth. */
import { createServer, type Server } from "node:net";

export interface FakeSmtp {
  url: string;
  messages: string[];
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let data = "";
    socket.write("220 fake-smtp ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let newline = buffer.indexOf("\r\n");
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            messages.push(data);
            data = "";
            socket.write("250 queued\r\n");
          } else data += `${line}\n`;
        } else {
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === "EHLO" || verb === "HELO") socket.write("250 fake-smtp\r\n");
          else if (verb === "DATA") {
            inData = true;
            socket.write("354 go ahead\r\n");
          } else if (verb === "QUIT") socket.end("221 bye\r\n");
          else socket.write("250 ok\r\n");
        }
        newline = buffer.indexOf("\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
