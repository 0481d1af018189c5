"""A bounded, in-memory event store, so a dropped streamable-HTTP stream can resume (SSE ids and ``retry``).

With an event store the SDK gives every SSE event an ``id`` and opens each stream with a priming
event carrying ``retry`` (how long a client waits before reconnecting); a client that lost the
stream reconnects with ``Last-Event-ID`` and is sent what it missed. Without one, a dropped
stream loses the tool result it was carrying.

Bounded because the events are tool results (up to 40 KB each) from any client: the oldest go
first past :data:`MAX_EVENTS`, and a client resuming from an event already dropped gets nothing
replayed (it retries the call), never another stream's events. Per process, so a stateless fleet
(any worker answers any request) does not use it.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict

from mcp.server.streamable_http import EventCallback, EventId, EventMessage, EventStore, StreamId
from mcp_types import JSONRPCMessage

MAX_EVENTS = 256
RETRY_MS = 1000  # the SSE retry field: reconnect after a second


class BoundedEventStore(EventStore):
    def __init__(self, max_events: int = MAX_EVENTS) -> None:
        self.max_events = max_events
        self._events: OrderedDict[EventId, tuple[StreamId, JSONRPCMessage | None]] = OrderedDict()
        self._ids = itertools.count(1)

    async def store_event(self, stream_id: StreamId, message: JSONRPCMessage | None) -> EventId:
        event_id = f"{next(self._ids)}"
        self._events[event_id] = (stream_id, message)
        while len(self._events) > self.max_events:
            self._events.popitem(last=False)
        return event_id

    async def replay_events_after(
        self, last_event_id: EventId, send_callback: EventCallback
    ) -> StreamId | None:
        known = self._events.get(last_event_id)
        if known is None:
            return None
        stream_id = known[0]
        after = itertools.dropwhile(lambda item: item[0] != last_event_id, list(self._events.items()))
        next(after, None)  # the event the client already has
        for event_id, (sid, message) in after:
            if sid == stream_id and message is not None:
                await send_callback(EventMessage(message, event_id))
        return stream_id
