#!/usr/bin/env bash
# Regenerates LineBreakAutomatonData.swift (the UAX #14 automaton LineBreakStateMachine builds from
# the rules of LineBreakRuleState): the test that checks the committed file writes it instead.
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROWHEIGHT_REGENERATE_AUTOMATON=1 swift test --filter LineBreakAutomatonGenerationTests
