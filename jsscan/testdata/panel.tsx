import React from "react";

type Props = { namespace: string; stale: boolean };

// Shows the operator what to do when a namespace goes stale.
export function ReconnectPanel({ namespace, stale }: Props) {
  const hint = stale ? "Press Reconnect in the MCP panel of your editor." : "All servers are connected.";
  return (
    <section className="reconnect-panel" title="Reconnect the MCP server">
      <h2>Namespace {namespace} needs a reconnect</h2>
      <p>
        Use the host's reconnect control. Killing the server process by hand
        loses the work of other sessions.
      </p>
      {stale && <button onClick={() => onReconnect(namespace)}>Reconnect now</button>}
      <p>{hint}</p>
    </section>
  );
}

const ratio = width / 2 / scale;
const generic = <T,>(x: T) => x;
