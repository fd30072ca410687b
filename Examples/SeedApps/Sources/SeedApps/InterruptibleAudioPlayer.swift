#if os(iOS)
    import AVFoundation
    import MediaPlayer
    import UIKit
#else
    import ArbiterKit
#endif

/// Seed 003 ("iOS_33_音樂播放(後台播放+鎖屏歌詞)"): a song list that plays local files with one `AVAudioPlayer` each
/// (`SongTool`), moves to the next song when one finishes, shows the song on the lock screen, and resumes after an
/// interruption in `audioPlayerEndInterruption`. It is the app delegate too, for the article's "three steps" of
/// background playback.
///
/// What it gets right: with the `audio` background mode and an active session in a category that plays in the
/// background it keeps playing in the background; the begin-interruption callback does nothing, since the player is
/// already paused (§5.4); after an interruption that ends with shouldResume (a declined call, another app that
/// deactivates with `.notifyOthersOnDeactivation`) it plays again; it publishes title, artist and album (S3-3).
///
/// Known bugs, in the fact base (ios-audio-session.md §9):
/// - S3-1: its "step 3" sets playAndRecord for a music player, which sends the music to the receiver (the earpiece)
///   when no accessory is connected (§1.1, §7); its "step 1", `beginBackgroundTask` with a nil expiration handler
///   in `applicationDidEnterBackground`, is not what keeps it playing (the audio mode is) and is never ended.
/// - S3-2: `audioPlayerEndInterruption` calls `play()` whatever the options say, so it also resumes after an
///   interruption that ended without shouldResume, where a media app must wait for the user (§5.1, §5.4).
///
/// The article's `SongTool` keeps its players in a static dictionary and sets the session up in `+initialize`; here
/// it is an object the controller owns. The song list comes from `SongArr.plist` there, from `songs` here; the
/// files are looked up in `directory` (the bundle on a phone). The cells' rotating avatars and the `CADisplayLink`
/// are left out, as is the artwork.
public final class InterruptibleAudioPlayer: NSObject, UIApplicationDelegate, AVAudioPlayerDelegate {
    /// A song: its name, its file (`a.mp3`) and its singer.
    public struct Song: Hashable, Sendable {
        public var name: String
        public var filename: String
        public var singer: String
        public var isPlaying = false

        public init(name: String, filename: String, singer: String) {
            self.name = name
            self.filename = filename
            self.singer = singer
        }
    }

    public private(set) var songArr: [Song]
    public private(set) var selectedRow: Int?
    public let directory: URL
    /// Made on first use, as the article's `+initialize` runs on the class's first message.
    public private(set) lazy var songTool = SongTool(directory: directory)
    /// 當前選中的那一行所對應的播放器
    public private(set) var currentPlayingAudioPlayer: AVAudioPlayer?
    /// The background tasks `applicationDidEnterBackground` began (and never ended).
    public private(set) var backgroundTasks: [UIBackgroundTaskIdentifier] = []

    public init(songs: [Song], directory: URL) {
        songArr = songs
        self.directory = directory
    }

    // MARK: BeyondAppDelegate

    public func applicationDidEnterBackground(_ application: UIApplication) {
        // 後台播放三步驟之一:讓應用在後台運行
        backgroundTasks.append(application.beginBackgroundTask(expirationHandler: nil))
    }

    // MARK: SongController

    /// 選中一行,播放對應的音樂
    public func didSelectRow(_ row: Int) {
        // 1.取得該行對應的模型,並修改其isPlaying屬性
        if songArr[row].isPlaying { return }
        songArr[row].isPlaying = true
        selectedRow = row
        // 2.傳遞資料來源模型 給工具類播放音樂
        let audioPlayer = songTool.playMusic(songArr[row].filename)
        audioPlayer?.delegate = self
        currentPlayingAudioPlayer = audioPlayer
        // 3.重要~~~在鎖定畫面顯示歌曲資訊
        showInfoInLockedScreen(songArr[row])
    }

    /// 取消選中一行時,停止音樂
    public func didDeselectRow(_ row: Int) {
        songArr[row].isPlaying = false
        songTool.stopMusic(songArr[row].filename)
        if selectedRow == row { selectedRow = nil }
    }

    /// 控制播放進度(單位:秒)
    public func jump() {
        guard let player = currentPlayingAudioPlayer else { return }
        player.currentTime = player.duration - 3
    }

    /// 在鎖定畫面顯示歌曲資訊
    private func showInfoInLockedScreen(_ music: Song) {
        var info: [String: Any] = [:]
        info[MPMediaItemPropertyTitle] = music.name  // 標題(音樂名稱)
        info[MPMediaItemPropertyArtist] = music.singer  // 藝術家
        info[MPMediaItemPropertyAlbumTitle] = music.singer  // 專輯名稱
        MPNowPlayingInfoCenter.default().nowPlayingInfo = info
    }

    // MARK: AVAudioPlayerDelegate

    /// 一曲播放完畢時調用,並跳至下一首播放
    public func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
        guard let selectedRow else { return }
        var nextRow = selectedRow + 1
        if nextRow == songArr.count { nextRow = 0 }
        songArr[selectedRow].isPlaying = false
        didSelectRow(nextRow)
    }

    /// 音樂播放器被打斷 (如開始 打、接電話): 會自動暫停 do nothing ...
    public func audioPlayerBeginInterruption(_ player: AVAudioPlayer) {
        print("audioPlayerBeginInterruption---被打斷")
    }

    /// 音樂播放器打斷終止 (如結束 打、接電話): 手動恢複播放 (S3-2: whatever `flags` says)
    public func audioPlayerEndInterruption(_ player: AVAudioPlayer, withOptions flags: Int) {
        player.play()
        print("audioPlayerEndInterruption---打斷終止")
    }
}

/// Seed 003's music tool: one `AVAudioPlayer` a file, kept by file name; it sets the session up for background play
/// when it is made (後台播放三步曲之第三步).
public final class SongTool {
    public let directory: URL
    private var audioPlayerDict: [String: AVAudioPlayer] = [:]

    public init(directory: URL) {
        self.directory = directory
        sutupForBackgroundPlay()
    }

    /// 設定後台播放
    private func sutupForBackgroundPlay() {
        let session = AVAudioSession.sharedInstance()
        // 類型是:播放和錄音 (S3-1: the receiver, with nothing plugged in)
        try? session.setCategory(.playAndRecord)
        // 而且要啟用 音頻會話
        try? session.setActive(true)
    }

    /// 播放音樂: makes the file's player on first use and plays it unless it is playing.
    @discardableResult
    public func playMusic(_ filename: String) -> AVAudioPlayer? {
        var audioPlayer = audioPlayerDict[filename]
        if audioPlayer == nil {
            // 1.1載入音樂檔案 / 1.2根據音樂的URL,建立對應的audioPlayer
            guard let player = try? AVAudioPlayer(contentsOf: directory.appendingPathComponent(filename)) else {
                return nil
            }
            // 1.3開始緩衝
            player.prepareToPlay()
            audioPlayerDict[filename] = player
            audioPlayer = player
        }
        // 2.如果是暫停或停止時,才需要開始播放
        if let audioPlayer, !audioPlayer.isPlaying {
            audioPlayer.play()
        }
        return audioPlayer
    }

    public func pauseMusic(_ filename: String) {
        guard let audioPlayer = audioPlayerDict[filename], audioPlayer.isPlaying else { return }
        audioPlayer.pause()
    }

    /// 停止音樂, 記得從字典中移除
    public func stopMusic(_ filename: String) {
        guard let audioPlayer = audioPlayerDict[filename], audioPlayer.isPlaying else { return }
        audioPlayer.stop()
        audioPlayerDict.removeValue(forKey: filename)
    }

    /// 返回當前現正播放的音樂播放器
    public var currentPlayingAudioPlayer: AVAudioPlayer? {
        audioPlayerDict.values.first { $0.isPlaying }
    }
}
