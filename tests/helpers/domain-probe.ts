import type { DomainProbe } from '../../src/server/adapters/domains/probe';

/**
 * A stand-in for DNS and the web in tests: answers from the records a test publishes (none at
 * first), never from the network. `fail` makes a lookup throw, as an unreachable DNS server would.
 */
export interface ScriptedDomainProbe extends DomainProbe {
  /** TXT records by name, as the real probe returns them (each record's strings joined). */
  txtRecords: Map<string, string[]>;
  /** Text served by URL (a missing URL answers null, like a 404). */
  httpFiles: Map<string, string>;
  fail: { txt?: Error; http?: Error };
  /** Every name and URL asked, in order. */
  asked: string[];
}

export function scriptedDomainProbe(): ScriptedDomainProbe {
  const probe: ScriptedDomainProbe = {
    txtRecords: new Map(),
    httpFiles: new Map(),
    fail: {},
    asked: [],
    async txt(name) {
      probe.asked.push(name);
      if (probe.fail.txt) throw probe.fail.txt;
      return probe.txtRecords.get(name) ?? [];
    },
    async httpText(url) {
      probe.asked.push(url);
      if (probe.fail.http) throw probe.fail.http;
      return probe.httpFiles.get(url) ?? null;
    },
  };
  return probe;
}
