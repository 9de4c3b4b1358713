import type http from "node:http";

/** Answers a megabyte at a time, with no length said up front, for as long as anyone reads. */
export function answerWithoutEnd(res: http.ServerResponse, status: number, contentType: string): void {
  res.writeHead(status, { "content-type": contentType });
  const chunk = Buffer.alloc(1 << 20, " ");
  const more = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", more);
  };
  more();
}
