import ArbiterEngine

/// `arbiter replay --trace FILE`: the runs in the Trace Event format that Perfetto and Chrome's trace viewer open.
///
/// Each run is a process (`title [platform]`), with a thread for its steps and one for each app (or stream):
/// - the app's state as slices (`active`, `interrupted`, `focus lossTransient`, `duck`, with `playing` when it plays),
///   each slice's arguments naming the decisions that started it with their rules and sources;
/// - an arrow (a flow) from the step that caused each change to the slice it started;
/// - the gain as a counter, `App gain`;
/// - each notification delivered, and each check, as an instant event with its rule, source and file position.
///
/// Times are the scenario's, in microseconds from its start; nothing depends on the clock, so the same runs give
/// the same bytes.
public struct TraceReport: Sendable {
    private var events: [JSONObject] = []
    private var runs = 0
    private var flows = 0

    public init() {}

    /// Adds one run as a process of its own.
    public mutating func add(_ run: RunTimeline) {
        runs += 1
        let pid = runs
        let name = "\(run.title) [\(run.platform)] \(run.file)"
        events.append(Self.metadata("process_name", pid: pid, tid: nil, ["name": name]))
        events.append(Self.metadata("process_sort_index", pid: pid, tid: nil, sortIndex: pid))
        events.append(Self.metadata("thread_name", pid: pid, tid: 0, ["name": "steps"]))
        for (index, lane) in run.lanes.enumerated() {
            events.append(Self.metadata("thread_name", pid: pid, tid: index + 1, ["name": lane]))
            events.append(Self.metadata("thread_sort_index", pid: pid, tid: index + 1, sortIndex: index + 1))
        }
        let end = run.end + .seconds(1)
        addSteps(run, pid: pid, end: end)
        // At an instant with several steps the slices hold the state after the last of them (a trace has no width
        // for what lasted no time).
        let samples = run.samples.enumerated().filter { index, sample in
            index + 1 == run.samples.count || run.samples[index + 1].time > sample.time
        }.map(\.element)
        let decisions = Dictionary(grouping: run.marks.filter { $0.kind == .decision }) { $0.lane ?? "" }
        for (index, lane) in run.lanes.enumerated() {
            let causes = Dictionary(grouping: decisions[lane] ?? [], by: \.time)
            addLane(lane, tid: index + 1, samples: samples, causes: causes, pid: pid, end: end)
        }
        for mark in run.marks where mark.kind != .decision {
            var event = Self.event(mark.text, phase: "i", pid: pid, tid: tid(of: mark.lane, in: run), at: mark.time)
            event.add("s", "t")
            var args = JSONObject()
            args.add("kind", mark.kind.rawValue)
            if let rule = mark.rule { Self.add(rule, to: &args) }
            if let position = mark.position { args.add("position", "\(position)") }
            event.add("args", object: args)
            events.append(event)
        }
    }

    /// The document: `{"traceEvents": [...], "displayTimeUnit": "ms"}`, one event a line.
    public var json: String {
        "{\"traceEvents\":[\n" + events.map(\.text).joined(separator: ",\n")
            + "\n],\"displayTimeUnit\":\"ms\",\"otherData\":{\"generator\":\"arbiter replay --trace\"}}\n"
    }

    /// The steps thread: a slice for each instant with steps, holding every step at it.
    private mutating func addSteps(_ run: RunTimeline, pid: Int, end: Time) {
        let instants = Dictionary(grouping: run.steps.indices) { run.steps[$0].time }
        let times = instants.keys.sorted()
        for (index, time) in times.enumerated() {
            let steps = instants[time]!.map { run.steps[$0] }
            let next = index + 1 < times.count ? times[index + 1] : end
            var event = Self.event(steps.map(\.label).joined(separator: "; "), phase: "X", pid: pid, tid: 0, at: time)
            event.add("dur", Self.microseconds(next - time))
            var args = JSONObject()
            args.add("steps", strings: steps.map { step in step.position.map { "\($0): \(step.label)" } ?? step.label })
            let problems = steps.compactMap(\.problem)
            if !problems.isEmpty { args.add("problems", strings: problems) }
            event.add("args", object: args)
            events.append(event)
        }
    }

    /// A lane's state slices, the flows from the steps that started them, and its gain counter.
    /// `causes` are the lane's decisions by their time.
    private mutating func addLane(
        _ lane: String, tid: Int, samples: [RunTimeline.Sample], causes: [Time: [RunTimeline.Mark]], pid: Int,
        end: Time
    ) {
        var open: (time: Time, state: RunTimeline.LaneState)?
        var lastGain: Double?
        func close(at time: Time) {
            guard let (start, state) = open else { return }
            var event = Self.event(
                state.state + (state.playing ? ", playing" : ""), phase: "X", pid: pid, tid: tid, at: start)
            event.add("dur", Self.microseconds(time - start))
            var args = JSONObject()
            args.add("playing", state.playing)
            let causes = causes[start] ?? []
            args.add(
                "decisions", strings: causes.map { mark in mark.rule.map { "[\($0.id)] \(mark.text)" } ?? mark.text })
            args.add(
                "sources", strings: causes.compactMap { $0.rule.map { "\($0.id): \($0.statement) (\($0.source))" } })
            event.add("args", object: args)
            events.append(event)
            open = nil
        }
        for sample in samples {
            let state = sample.lanes[lane]
            if let gain = state?.gain, gain != lastGain {
                var counter = Self.event("\(lane) gain", phase: "C", pid: pid, tid: nil, at: sample.time)
                var args = JSONObject()
                args.add("gain", gain)
                counter.add("args", object: args)
                events.append(counter)
                lastGain = gain
            }
            // A slice is a state and whether it plays; the gain is the counter's.
            guard state?.state != open?.state.state || state?.playing != open?.state.playing else { continue }
            close(at: sample.time)
            guard let state else { continue }
            open = (sample.time, state)
            if sample.time > .zero, causes[sample.time]?.contains(where: { $0.step != nil }) == true {
                flows += 1
                var start = Self.event("caused", phase: "s", pid: pid, tid: 0, at: sample.time)
                start.add("id", flows)
                start.add("cat", "decision")
                events.append(start)
                var finish = Self.event("caused", phase: "f", pid: pid, tid: tid, at: sample.time)
                finish.add("id", flows)
                finish.add("cat", "decision")
                finish.add("bp", "e")
                events.append(finish)
            }
        }
        close(at: end)
    }

    private func tid(of lane: String?, in run: RunTimeline) -> Int {
        lane.flatMap { run.lanes.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
    }

    static func event(_ name: String, phase: String, pid: Int, tid: Int?, at time: Time) -> JSONObject {
        var event = JSONObject()
        event.add("name", name)
        event.add("ph", phase)
        event.add("ts", microseconds(time))
        event.add("pid", pid)
        if let tid { event.add("tid", tid) }
        return event
    }

    static func metadata(_ name: String, pid: Int, tid: Int?, _ values: [String: String] = [:], sortIndex: Int? = nil)
        -> JSONObject
    {
        var event = JSONObject()
        event.add("name", name)
        event.add("ph", "M")
        event.add("pid", pid)
        if let tid { event.add("tid", tid) }
        var args = JSONObject()
        for key in values.keys.sorted() { args.add(key, values[key]) }
        if let sortIndex { args.add("sort_index", sortIndex) }
        event.add("args", object: args)
        return event
    }

    static func add(_ rule: Rule, to args: inout JSONObject) {
        args.add("rule", rule.id)
        args.add("statement", rule.statement)
        args.add("source", rule.source)
    }

    static func microseconds(_ time: Time) -> Int { Int(time.milliseconds) * 1000 }
}
