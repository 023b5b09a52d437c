// @card-advisor/client: the advisor service from TypeScript, generated from proto/. The
// transports are separate entry points: "@card-advisor/client/node" (connectNode) and
// "@card-advisor/client/web" (connectWeb, for browsers).

export { AdvisorClient, bearer, type CallOptions, type ConnectOptions, type Limits } from "./client.js";
export { Code, ConnectError } from "@connectrpc/connect";
export * from "./gen/advisor/v1/advisor_pb.js";
export * from "./gen/advisor/v1/common_pb.js";
export * from "./gen/advisor/v1/splendor_marvel_pb.js";
export * from "./gen/advisor/v1/challengers_pb.js";
