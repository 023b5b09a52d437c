// The client in a browser (or anything with fetch): the Connect protocol or gRPC-Web. The
// server must list the page's origin with --cors-origins.

import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-web";
import { AdvisorClient, bearer, type ConnectOptions } from "./client.js";

/** A client of the server's HTTP port at `baseUrl`, over fetch. */
export function connectWeb(baseUrl: string, options: ConnectOptions = {}): AdvisorClient {
  const settings = {
    baseUrl, interceptors: bearer(options.token), useBinaryFormat: !options.json,
  };
  return new AdvisorClient(options.protocol === "grpc-web"
    ? createGrpcWebTransport(settings)
    : createConnectTransport(settings));
}
