import ArbiterKit
import Testing

/// CMTime and CMTimeRange as CoreMedia documents them: arithmetic across timescales, the non-numeric times, the
/// order CMTimeCompare gives, rounding.
@Suite struct CMTimeTests {
    @Test func addingTimesOfDifferentTimescalesUsesTheirLeastCommonMultiple() {
        let sum = CMTime(value: 1, timescale: 2) + CMTime(value: 1, timescale: 3)
        #expect(sum.value == 5 && sum.timescale == 6 && !sum.hasBeenRounded)
        let same = CMTimeAdd(CMTimeMake(value: 3, timescale: 600), CMTimeMake(value: 7, timescale: 600))
        #expect(same.value == 10 && same.timescale == 600)
        let difference = CMTimeSubtract(CMTime(seconds: 10, preferredTimescale: 1000), CMTime(value: 3, timescale: 1))
        #expect(difference.seconds == 7 && difference.timescale == 1000)
    }

    @Test func infinitiesAndIndefiniteTimesCombineAsCoreMediaSays() {
        let five = CMTime(value: 5, timescale: 1)
        #expect((kCMTimePositiveInfinity + five).isPositiveInfinity)
        #expect((five - kCMTimePositiveInfinity).isNegativeInfinity)
        #expect((kCMTimePositiveInfinity + kCMTimePositiveInfinity).isPositiveInfinity)
        #expect(!(kCMTimePositiveInfinity + kCMTimeNegativeInfinity).isValid)
        #expect(!(kCMTimePositiveInfinity - kCMTimePositiveInfinity).isValid)
        #expect((kCMTimeIndefinite + five).isIndefinite)
        #expect((kCMTimeIndefinite + kCMTimeNegativeInfinity).isNegativeInfinity)  // an infinity wins
        #expect(CMTIME_IS_INVALID(kCMTimeInvalid + five))
        let noTimescale = CMTime(value: 1, timescale: 0, flags: .valid, epoch: 0)  // valid flag, no number of seconds
        #expect(
            CMTIME_IS_INVALID(noTimescale + five) && CMTIME_IS_INVALID(noTimescale.convertScale(600, method: .default)))
        #expect(CMTIME_IS_INVALID(CMTimeMultiplyByFloat64(noTimescale, multiplier: 2)))
        #expect(CMTimeGetSeconds(.positiveInfinity) == .infinity)
        #expect(CMTime.negativeInfinity.seconds == -.infinity)
        #expect(CMTime.indefinite.seconds.isNaN && CMTime.invalid.seconds.isNaN)
    }

    @Test func timesInDifferentEpochsDoNotAdd() {
        let first = CMTimeMakeWithEpoch(value: 1, timescale: 1, epoch: 1)
        let second = CMTimeMakeWithEpoch(value: 1, timescale: 1, epoch: 2)
        #expect(CMTIME_IS_INVALID(first + second))
        let duration = CMTime(value: 2, timescale: 1)
        #expect((first + duration).epoch == 1 && (first + duration).value == 3)
        #expect((first - first).epoch == 0)
        #expect(second > CMTimeMakeWithEpoch(value: 100, timescale: 1, epoch: 1))  // a later epoch is later
    }

    @Test func compareOrdersEveryKindOfTime() {
        let times: [CMTime] = [
            .invalid, .positiveInfinity, .indefinite, CMTime(value: 3, timescale: 2), .zero,
            .negativeInfinity, CMTime(value: -1, timescale: 1),
        ]
        let sorted = times.sorted()
        #expect(sorted[0].isNegativeInfinity)
        #expect(sorted[1].seconds == -1 && sorted[2].seconds == 0 && sorted[3].seconds == 1.5)
        #expect(sorted[4].isIndefinite && sorted[5].isPositiveInfinity && !sorted[6].isValid)
        #expect(CMTimeCompare(.invalid, CMTime()) == 0)
        #expect(CMTimeCompare(.zero, .indefinite) == -1 && CMTimeCompare(.invalid, .positiveInfinity) == 1)
    }

    @Test func equalityIsByTimeNotByFields() {
        let half = CMTime(value: 1, timescale: 2)
        let twoQuarters = CMTime(value: 2, timescale: 4)
        #expect(half == twoQuarters && half <= twoQuarters && !(half < twoQuarters))
        #expect(Set([half, twoQuarters, CMTime(value: 500, timescale: 1000)]).count == 1)
        #expect(CMTime(value: 1, timescale: 3) != CMTime(value: 333, timescale: 1000))
        #expect(CMTimeMinimum(.invalid, half) == half)
        #expect(CMTimeMaximum(.positiveInfinity, half).isPositiveInfinity)
        #expect(CMTimeAbsoluteValue(CMTime(value: -7, timescale: 2)).value == 7)
        #expect(CMTimeAbsoluteValue(.negativeInfinity).isPositiveInfinity)
    }

    @Test func multiplyingKeepsOrScalesTheTimescale() {
        let third = CMTime(value: 1, timescale: 3)
        let tripled = CMTimeMultiply(third, multiplier: 3)
        #expect(tripled.value == 3 && tripled.timescale == 3 && tripled.seconds == 1)
        #expect(CMTimeMultiply(.positiveInfinity, multiplier: -2).isNegativeInfinity)
        #expect(CMTimeMultiply(.indefinite, multiplier: 2).isIndefinite)

        let scaled = CMTimeMultiplyByFloat64(CMTime(value: 10, timescale: 600), multiplier: 1.5)
        #expect(scaled.timescale >= 65536 && scaled.seconds == 0.025)
        let rounded = CMTimeMultiplyByFloat64(CMTime(value: 1, timescale: 65536), multiplier: 0.3)
        #expect(rounded.hasBeenRounded)

        let half = CMTimeMultiplyByRatio(CMTime(value: 10, timescale: 1), multiplier: 1, divisor: 2)
        #expect(half.value == 5 && half.timescale == 1)
        let third2 = CMTimeMultiplyByRatio(CMTime(value: 1, timescale: 1), multiplier: 1, divisor: 3)
        #expect(third2.value == 1 && third2.timescale == 3 && !third2.hasBeenRounded)
        #expect(CMTimeMultiplyByRatio(CMTime(value: 2, timescale: 1), multiplier: -1, divisor: 0).isNegativeInfinity)
        #expect(CMTIME_IS_INVALID(CMTimeMultiplyByRatio(.zero, multiplier: 1, divisor: 0)))
    }

    @Test func convertingScaleRoundsByTheMethodAsked() {
        let time = CMTime(value: 5, timescale: 10)  // 0.5 s
        #expect(time.convertScale(1, method: .default).value == 1)
        #expect(time.convertScale(1, method: .roundTowardZero).value == 0)
        #expect(time.convertScale(1, method: .roundTowardZero).hasBeenRounded)
        #expect(time.convertScale(100, method: .default).value == 50)
        #expect(!time.convertScale(100, method: .default).hasBeenRounded)
        let negative = CMTime(value: -5, timescale: 10)
        #expect(CMTimeConvertScale(negative, timescale: 1, method: .default).value == -1)
        #expect(negative.convertScale(1, method: .roundTowardPositiveInfinity).value == 0)
        #expect(negative.convertScale(1, method: .roundTowardNegativeInfinity).value == -1)
        #expect(CMTime(value: -1, timescale: 10).convertScale(1, method: .quickTime).value == -1)  // never to 0
        #expect(CMTime.indefinite.convertScale(600, method: .default).isIndefinite)
    }

    @Test func makingATimeFromSecondsRoundsAndMarksIt() {
        let exact = CMTimeMakeWithSeconds(2.5, preferredTimescale: 10)
        #expect(exact.value == 25 && !CMTIME_HAS_BEEN_ROUNDED(exact))
        let rounded = CMTime(seconds: 0.1, preferredTimescale: 1)
        #expect(rounded.value == 0 && rounded.hasBeenRounded)
        #expect(CMTIME_IS_POSITIVEINFINITY(CMTime(seconds: .infinity, preferredTimescale: 600)))
        #expect(CMTIME_IS_INVALID(CMTime(seconds: .nan, preferredTimescale: 600)))
        #expect(CMTIME_IS_NUMERIC(.zero) && !CMTIME_IS_NUMERIC(.indefinite) && CMTIME_IS_INDEFINITE(.indefinite))
        #expect(CMTIME_IS_NEGATIVEINFINITY(kCMTimeNegativeInfinity) && CMTIME_IS_VALID(kCMTimeZero))
    }

    @Test func aRangeContainsItsStartAndNotItsEnd() {
        let range = CMTimeRangeMake(start: CMTime(value: 10, timescale: 1), duration: CMTime(value: 5, timescale: 1))
        #expect(CMTimeRangeGetEnd(range).seconds == 15 && range.end == CMTime(value: 15, timescale: 1))
        #expect(range.containsTime(CMTime(value: 10, timescale: 1)))
        #expect(range.containsTime(CMTime(seconds: 14.999, preferredTimescale: 1000)))
        #expect(!range.containsTime(CMTime(value: 15, timescale: 1)))
        #expect(CMTimeRange(start: .zero, end: CMTime(value: 3, timescale: 1)).duration.seconds == 3)
        #expect(CMTimeRange.zero.isEmpty && !CMTimeRange.invalid.isValid)
        #expect(!CMTimeRange(start: .zero, duration: CMTime(value: -1, timescale: 1)).isValid)
        #expect(CMTimeRange(start: .zero, duration: .indefinite).isIndefinite)
    }

    @Test func timesAndRangesRoundTripThroughNSValue() {
        let time = CMTime(value: 7, timescale: 3)
        #expect(NSValue(time: time).timeValue == time)
        let range = CMTimeRange(start: time, duration: .positiveInfinity)
        let boxed = NSValue(timeRange: range)
        #expect(boxed.timeRangeValue.start == time && boxed.timeRangeValue.duration.isPositiveInfinity)
        #expect(!NSValue(time: time).timeRangeValue.isValid)
    }
}
