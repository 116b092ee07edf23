package dev.loomlab.lab.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What runs a request: a bounded pool of platform threads, a virtual thread each, or an event loop. */
public enum Threading {
    @JsonProperty("platform-pool") PLATFORM_POOL,
    @JsonProperty("virtual") VIRTUAL,
    @JsonProperty("event-loop") EVENT_LOOP
}
