// The client in Node: HTTP/1.1 with the Connect protocol (binary or JSON) or gRPC-Web.

import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { AdvisorClient, bearer, type ConnectOptions } from "./client.js";

/** A client of the server's HTTP port at `baseUrl` (e.g. "http://localhost:8080"). */
export function connectNode(baseUrl: string, options: ConnectOptions = {}): AdvisorClient {
  const settings = {
    baseUrl, httpVersion: "1.1" as const, interceptors: bearer(options.token),
    useBinaryFormat: !options.json,
  };
  return new AdvisorClient(options.protocol === "grpc-web"
    ? createGrpcWebTransport(settings)
    : createConnectTransport(settings));
}
