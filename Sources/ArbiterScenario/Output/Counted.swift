/// `count` with its noun in the singular or the plural: "1 check", "2 checks".
public func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
